/** Typing pauses this long before a name search runs. */
export const SEARCH_DEBOUNCE_MS = 350;
