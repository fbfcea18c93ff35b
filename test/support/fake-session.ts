// The fake Pi's session: an append-only entry tree with a movable leaf, like Pi's SessionManager.
import type { BranchEntryLike } from "../../core/mode-state-reducer.js";
import type { BranchEntry } from "../../runtime/host-adapter/ports.js";

export interface TreeEntry extends BranchEntry {
  id: string;
  parentId: string | null;
  display?: boolean;
  [field: string]: unknown;
}

/** An append-only session tree with a movable leaf, like Pi's SessionManager: getBranch() is root -> leaf. */
export class FakeSession {
  entries: TreeEntry[] = [];
  leaf: string | null = null;
  /** How many times getBranch() was called. */
  branchReads = 0;
  private n = 0;

  /** `idPrefix` keeps ids apart when entries are copied from another session (a fork). */
  constructor(private readonly idPrefix = "e") {}

  /** Appends under the leaf and moves the leaf to it; returns the new entry. */
  push(entry: Omit<TreeEntry, "id" | "parentId">): TreeEntry {
    const full = { ...entry, id: `${this.idPrefix}${++this.n}`, parentId: this.leaf } as TreeEntry;
    this.entries.push(full);
    this.leaf = full.id;
    return full;
  }

  append(entry: Omit<TreeEntry, "id" | "parentId">): string {
    return this.push(entry).id;
  }

  appendCustom(customType: string, data: unknown): string {
    return this.append({ type: "custom", customType, data });
  }

  appendMessage(text: string): string {
    return this.append({ type: "message", data: text });
  }

  /** Moves the leaf (like /tree); null is the empty branch before the first entry. */
  branchFrom(id: string | null): void {
    this.leaf = id;
  }

  /** Like Pi's SessionManager.getLeafId(): the session store keys its fold by it. */
  getLeafId(): string | null {
    return this.leaf;
  }

  /** Root -> leaf; counts its calls so tests can see the runtime fold the branch once per leaf. */
  getBranch(): TreeEntry[] {
    this.branchReads++;
    const byId = new Map(this.entries.map((e) => [e.id, e]));
    const path: TreeEntry[] = [];
    let cur = this.leaf === null ? undefined : byId.get(this.leaf);
    while (cur) {
      path.unshift(cur);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
    return path;
  }

  getEntries(): BranchEntryLike[] {
    throw new Error("forge must fold getBranch(), never getEntries()");
  }
}
