// The page's journal: an append-only record of every change a session
// makes to a folder, each record written BEFORE its change, with enough to
// reverse it (as host/src/journal does for the CLI). Two stores with one
// interface: `IdbJournal` keeps it in the browser's IndexedDB, so it
// survives a reload (a picked folder's handle is kept with it, so its
// sessions can be undone after one); `MemoryJournal` keeps it in memory,
// for the in-memory demo folder, which a reload resets anyway.
//
// A session: {id, folder, kind: "session"|"window", when, handle?, undone}.
// Its records, in order (paths are the core's absolute paths):
//   {op: "created", path}                         a folder made
//   {op: "moved", from, to, size, modified, kind} an item moved or renamed
//   {op: "trashed", path, trash, size, modified, kind} an item put in the trash
//   {op: "failed"}                                the change just recorded did not happen

/** The store's common part: sessions and their records, by id. */
class JournalBase {
  /** The sessions of `folder` (all when null), the newest first. */
  async sessions(folder = null) {
    const all = await this.allSessions();
    return all.filter((s) => folder == null || s.folder === folder).sort((a, b) => b.seq - a.seq);
  }

  /**
   * The records that took effect, in order: a record followed by `failed`
   * is dropped with it.
   */
  async effective(id) {
    const records = await this.records(id);
    const out = [];
    for (const record of records) {
      if (record.op === "failed") out.pop();
      else out.push(record);
    }
    return out;
  }
}

/** A journal in memory (the demo folder). */
export class MemoryJournal extends JournalBase {
  #sessions = new Map();
  #records = new Map();
  #seq = 0;

  async begin(meta) {
    const seq = ++this.#seq;
    const session = { ...meta, id: `s${seq}-${Date.now().toString(36)}`, seq, when: new Date().toISOString(), undone: false };
    this.#sessions.set(session.id, session);
    this.#records.set(session.id, []);
    return session;
  }

  async append(id, record) {
    this.#records.get(id).push(record);
  }

  async records(id) {
    return [...(this.#records.get(id) ?? [])];
  }

  async allSessions() {
    return [...this.#sessions.values()].map((s) => ({ ...s }));
  }

  async update(id, changes) {
    Object.assign(this.#sessions.get(id), changes);
  }
}

/** Promise of an IDBRequest's result. */
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/** A journal in IndexedDB: it outlives the page. */
export class IdbJournal extends JournalBase {
  static DB = "tidyup-journal";

  /** Opens (creating when new) the page's journal database. */
  static async open(name = IdbJournal.DB) {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore("sessions", { keyPath: "id" });
      db.createObjectStore("records", { autoIncrement: true }).createIndex("session", "session");
    };
    return new IdbJournal(await done(request));
  }

  constructor(db) {
    super();
    this.db = db;
  }

  #store(name, mode = "readonly") {
    return this.db.transaction(name, mode).objectStore(name);
  }

  /** Writes and waits until the transaction is committed. */
  async #write(name, value) {
    const tx = this.db.transaction(name, "readwrite", { durability: "strict" });
    tx.objectStore(name).put(value);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }

  async begin(meta) {
    const seq = Date.now() * 1000 + Math.floor(Math.random() * 1000);
    const session = { ...meta, id: `s${seq.toString(36)}`, seq, when: new Date().toISOString(), undone: false };
    await this.#write("sessions", session);
    return session;
  }

  async append(id, record) {
    await this.#write("records", { session: id, record });
  }

  async records(id) {
    const rows = await done(this.#store("records").index("session").getAll(id));
    return rows.map((row) => row.record);
  }

  async allSessions() {
    return done(this.#store("sessions").getAll());
  }

  async update(id, changes) {
    const session = await done(this.#store("sessions").get(id));
    await this.#write("sessions", { ...session, ...changes });
  }
}
