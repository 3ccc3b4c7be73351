/** The per-language texts worth keeping: a language with neither text written is left out. */
export const channelTextsToKeep = (
  texts: Partial<Record<string, { name?: string | undefined; instructions?: string | undefined }>> = {},
) => {
  const kept: Record<string, { name?: string; instructions?: string }> = {};
  for (const [language, text] of Object.entries(texts)) {
    const name = text?.name?.trim() ?? '';
    const instructions = text?.instructions?.trim() ?? '';
    if (name || instructions)
      kept[language] = { ...(name ? { name } : {}), ...(instructions ? { instructions } : {}) };
  }
  return kept;
};
