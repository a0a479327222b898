/** The text of what describes an element: its aria-describedby targets' texts, joined by `separator`. */
export function describedText(element: HTMLElement, separator = ' | '): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(separator);
}
