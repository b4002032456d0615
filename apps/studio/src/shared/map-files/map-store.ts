/**
 * Maps kept in this browser: maps opened from files (and edited maps too big for a link) stored in IndexedDB,
 * keyed by a hash of their content, so a reload or a link on the same browser opens them again. At most
 * {@link KEPT_MAPS_LIMIT_BYTES} in all: keeping one more drops the least recently used. Runs in the studio's
 * parse worker (hashing and copying a 64 MiB map is kept off the page) and, for the list, on the page.
 */

/** Most bytes the kept maps may take together (the oldest used are dropped past it). */
export const KEPT_MAPS_LIMIT_BYTES = 256 * 2 ** 20;

const DB = 'fieldmarshal-maps';
const DATA = 'maps';
const INFO = 'info';

/** What the list of kept maps shows (the data lies in another store, read only when a map is opened). */
export interface KeptMapInfo {
  /** Hash of the content (hex, 64 characters); a link names the map by its first 16. */
  hash: string;
  name: string;
  width: number;
  height: number;
  /** Bytes stored. */
  bytes: number;
  terrain: boolean;
  /** When it was kept and last opened (ms since 1970). */
  saved: number;
  used: number;
}

/** A kept map's content. */
export interface KeptMapData {
  width: number;
  height: number;
  passable: Uint8Array;
  terrain: Float32Array | null;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(DATA);
      request.result.createObjectStore(INFO, { keyPath: 'hash' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cannot be opened'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted (storage full?)'));
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** SHA-256 (hex) of a map's size, passability and terrain, copied out of shared memory (WebCrypto refuses it). */
export async function hashMap(map: KeptMapData): Promise<string> {
  const head = new Uint32Array([map.width, map.height, map.terrain ? 1 : 0]);
  const parts = [new Uint8Array(head.buffer), map.passable.slice()];
  if (map.terrain) parts.push(new Uint8Array(map.terrain.slice().buffer));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Every kept map, most recently used first. */
export async function listKeptMaps(): Promise<KeptMapInfo[]> {
  const db = await open();
  try {
    const all = await result(db.transaction(INFO).objectStore(INFO).getAll() as IDBRequest<KeptMapInfo[]>);
    return all.sort((a, b) => b.used - a.used);
  } finally {
    db.close();
  }
}

/**
 * Keeps a map under its hash (again: only its name and time change). Drops the least recently used maps while
 * the kept ones would pass the limit. Resolves to its entry, or null when the map alone is over the limit.
 */
export async function keepMap(map: KeptMapData, name: string): Promise<KeptMapInfo | null> {
  const bytes = map.passable.byteLength + (map.terrain?.byteLength ?? 0);
  if (bytes > KEPT_MAPS_LIMIT_BYTES) return null;
  const hash = await hashMap(map);
  const now = Date.now();
  const info: KeptMapInfo = {
    hash,
    name,
    width: map.width,
    height: map.height,
    bytes,
    terrain: map.terrain !== null,
    saved: now,
    used: now,
  };
  const kept = await listKeptMaps();
  const db = await open();
  try {
    const tx = db.transaction([DATA, INFO], 'readwrite');
    let total = bytes;
    for (const k of kept) {
      if (k.hash === hash) continue;
      if (total + k.bytes > KEPT_MAPS_LIMIT_BYTES) {
        tx.objectStore(DATA).delete(k.hash);
        tx.objectStore(INFO).delete(k.hash);
      } else total += k.bytes;
    }
    // Plain copies: IndexedDB cannot store shared memory.
    tx.objectStore(DATA).put(
      { width: map.width, height: map.height, passable: map.passable.slice(), terrain: map.terrain?.slice() ?? null },
      hash,
    );
    tx.objectStore(INFO).put(info);
    await done(tx);
    return info;
  } finally {
    db.close();
  }
}

/** The kept map whose hash starts with `prefix` (at least 16 characters), marked as used; null when none is. */
export async function loadKeptMap(prefix: string): Promise<{ info: KeptMapInfo; data: KeptMapData } | null> {
  if (!/^[0-9a-f]{16,64}$/.test(prefix)) return null;
  const info = (await listKeptMaps()).find((k) => k.hash.startsWith(prefix));
  if (!info) return null;
  const db = await open();
  try {
    const data = await result(db.transaction(DATA).objectStore(DATA).get(info.hash) as IDBRequest<KeptMapData>);
    if (!data) return null;
    const tx = db.transaction(INFO, 'readwrite');
    const used = { ...info, used: Date.now() };
    tx.objectStore(INFO).put(used);
    await done(tx);
    return { info: used, data };
  } finally {
    db.close();
  }
}

/** Forgets one kept map (by its full hash), or all of them. */
export async function forgetKeptMaps(hash: string | 'all'): Promise<void> {
  const db = await open();
  try {
    const tx = db.transaction([DATA, INFO], 'readwrite');
    if (hash === 'all') {
      tx.objectStore(DATA).clear();
      tx.objectStore(INFO).clear();
    } else {
      tx.objectStore(DATA).delete(hash);
      tx.objectStore(INFO).delete(hash);
    }
    await done(tx);
  } finally {
    db.close();
  }
}
