/**
 * The Latin digits a page shows a reader: text nodes outside inputs and codes (`input`,
 * `textarea`, `code`, `kbd`, `script`, `style`, and anything marked `data-code`: game codes,
 * round ids, seeds, phone numbers as typed). A Bangla page should show none (issue 24).
 */
export const latinDigitsShown = (root: ParentNode): string[] => {
  const found: string[] = [];
  const skip = 'input, textarea, code, kbd, script, style, [data-code]';
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!/[0-9]/.test(text)) continue;
    if (node.parentElement?.closest(skip)) continue;
    found.push(text.trim());
  }
  return found;
};
