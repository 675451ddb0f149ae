/** Joins the truthy class names: cx(styles.a, open && styles.b). */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
