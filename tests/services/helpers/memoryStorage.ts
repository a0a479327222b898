/** A Map-backed Storage for node tests, optionally failing like a full or blocked storage. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  failWrites = false;
  failReads = false;

  constructor(entries: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(entries)) this.items.set(key, value);
  }

  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    if (this.failReads) throw new DOMException('blocked', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
}
