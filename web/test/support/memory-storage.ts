import type { KeyValueStorage } from "../../src/features/wallet/storage";

/** localStorage in memory, with a look at everything it holds. */
export class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.items.set(key, value);
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}
