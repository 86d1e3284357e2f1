import type { LogLevel, RunEvent } from '@forge/protocol/runs';
import type { StoredEvent } from '../common/streams/stored-event-followers.js';
import type { Channel } from '../common/streams/channel.js';

/** The type of every run's last event. */
export const END_EVENT_TYPE = 'end';

/** Follows one run: each batch of its events, stored or live, in order, to its end. */
export type RunViewer = Channel<readonly StoredEvent[]>;

/** Hides secret values in a text. */
export type TextMask = (text: string) => string;

/** A log line's maker, for code that writes lines (the platform's own get their level where written). */
export type LogLine = (message: string, level?: LogLevel) => void;

const parsed = new WeakMap<StoredEvent, RunEvent>();

/** The event a stored record holds, parsed once however many viewers read it. */
export function eventOf(record: StoredEvent): RunEvent {
  let event = parsed.get(record);
  if (!event) parsed.set(record, (event = JSON.parse(record.payload) as RunEvent));
  return event;
}

/** A record of an event made here: serialised once, its object kept for the viewers of this replica. */
export function recordOf(seq: number, event: RunEvent, payload = JSON.stringify(event)): StoredEvent {
  const record: StoredEvent = { seq, type: event.type, payload };
  parsed.set(record, event);
  return record;
}

/** Every string in the event with `mask` applied; keys keep their order. */
export function maskEvent<T>(value: T, mask: TextMask): T {
  if (typeof value === 'string') return mask(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => maskEvent(item, mask)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskEvent(item, mask)])) as T;
  return value;
}
