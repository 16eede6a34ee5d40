/** Moves focus to a field (or the first control inside a group) by id. */
export function focusField(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const control = target.matches("input, select, textarea, button")
    ? target
    : target.querySelector<HTMLElement>("input, select, textarea, button");
  (control ?? target).focus();
}
