// The smallest ChatState an AI SDK AbstractChat needs outside React: messages kept in memory.
export class MemoryState {
  constructor() { this.status = 'ready'; this.error = undefined; this.messages = []; }
  pushMessage = (m) => { this.messages = this.messages.concat(m); };
  popMessage = () => { this.messages = this.messages.slice(0, -1); };
  replaceMessage = (i, m) => { this.messages = [...this.messages.slice(0, i), m, ...this.messages.slice(i + 1)]; };
  snapshot = (v) => structuredClone(v);
}
