/** Whitelabel module codes (API-FACTS §3.1) plus the brand switches the spec names. */
export const MOD_IDS = [
  'COMM3',
  'REG3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'MOBILEVERCODELOGIN3',
  'VERIFICATION3',
  'LOGINIPVERF3',
  'PASS3',
  'PWDEXPFORCECHANGE3',
  'CHNGPASSVERIF3',
  'PWRESETSMS3',
  'FREEPLAY3',
  'CAPTCHA3',
  'GEETEST3',
  'AFFMAN3',
  'PROFPIC3',
  'AGENTPOLICY3',
  'FUNDTRANS3',
  'GAMELO3',
  'GAMELOHOT3',
  'GAMELOFAV3',
  'GAMELOREC3',
  'AGEANNOUNCE3',
  'SIGNCONDIV3',
  'DAILYSALCONT3',
  'HOURSAL3',
  'RTSALARY3',
  'REWCEN3',
  'INBOX3',
  'PTSYS3',
  'MEMTRANS3',
  'FEEDBACK3',
  'CBS3',
  // Brand switches that the spec names but public code carries no modID for.
  'DIRECTREG3',
  'REBATE3',
  // Self-hosted human verification (ALTCHA proof-of-work) before password login, registration and SMS codes.
  'HUMANVERIF3',
] as const;

export type ModId = (typeof MOD_IDS)[number];

export type WhitelabelNode = { modId: string; enabled: '1' | '0'; childrenNodes: WhitelabelNode[] };

/** Flattens the whitelabel tree into `{ modId: enabled }`, a disabled parent disabling its children. */
export const flattenWhitelabel = (nodes: WhitelabelNode[], parentEnabled = true): Record<string, boolean> => {
  const out: Record<string, boolean> = {};
  for (const node of nodes) {
    const enabled = parentEnabled && node.enabled === '1';
    out[node.modId] = enabled;
    Object.assign(out, flattenWhitelabel(node.childrenNodes, enabled));
  }
  return out;
};

/** Member type codes (API-FACTS §3.1 brand config). */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPES = [4] as const;
export const isAgentType = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);
export const isTrialType = (type: number) => (TRIAL_TYPES as readonly number[]).includes(type);
