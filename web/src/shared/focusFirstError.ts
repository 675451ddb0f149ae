/** Moves focus to the first field, in form order, that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: Record<string, unknown>): void {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement && errors[element.name]) {
      element.focus();
      return;
    }
  }
}
