/** A set that forgets its oldest entries beyond `capacity`; re-adding an entry makes it the newest. */
export class BoundedSet<T> {
  private readonly entries = new Set<T>();
  constructor(private readonly capacity: number) {}

  has(value: T): boolean {
    return this.entries.has(value);
  }

  add(value: T): void {
    this.entries.delete(value);
    this.entries.add(value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.values().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
