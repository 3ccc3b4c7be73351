/** One section of a member's data: rows, or named lists of rows, from the module that owns them. */
export type DataSource = (memberId: number) => Promise<unknown>;

/**
 * Data rights (issue 16): everything the site keeps about a member, gathered from the modules that
 * own it (handed in by app.ts: identity, wallet, games, lottery, inbox and this module), one
 * section each, read at the time of the request.
 */
export const createMyData = (sources: Record<string, DataSource>, now: () => Date) => ({
  of: async (member: { id: number; username: string }) => {
    const sections: Record<string, unknown> = {};
    for (const [name, source] of Object.entries(sources)) sections[name] = await source(member.id);
    return { generatedAt: now().getTime(), username: member.username, sections };
  },
});

export type MyData = ReturnType<typeof createMyData>;
