/** "mARIA" → "Maria": the spec stores and sends names with the first letter upper-case, the rest lower-case. */
export function capitalizeName(name: string): string {
  const trimmed = name.trim();
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1).toLocaleLowerCase();
}
