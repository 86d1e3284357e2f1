import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { RUN_STOP_REQUESTED, SECRETS_CHANGED, SHARE_UNPUBLISHED } from '../common/events/domain-events.js';
import { PgListener } from '../platform-db/pg-listener.js';
import { ReplicaIdentity } from './replica-identity.js';
import { ReplicasRepository } from './replicas.repository.js';

export const CLUSTER_EVENTS_CHANNEL = 'forge_cluster_events';

/**
 * Domain events every replica must act on, not only the one where they happened: an unpublished
 * share closes its public preview's connections wherever they are open, changed secrets are
 * masked in every replica's logs, a run the platform stops is stopped by the replica running it.
 */
export const RELAYED_EVENTS = [SHARE_UNPUBLISHED, SECRETS_CHANGED, RUN_STOP_REQUESTED] as const;

interface RelayedEvent {
  from: string;
  name: string;
  event: Record<string, unknown>;
}

/** Passes the relayed domain events to the other replicas (NOTIFY) and raises theirs here, marked `relayed`. */
@Injectable()
export class ClusterEvents implements OnModuleInit {
  private readonly logger = new Logger('Replicas');

  constructor(
    private readonly identity: ReplicaIdentity,
    private readonly repository: ReplicasRepository,
    private readonly listener: PgListener,
    private readonly events: EventEmitter2,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listener.listen(CLUSTER_EVENTS_CHANNEL, (payload) => this.receive(payload));
    for (const name of RELAYED_EVENTS) {
      this.events.on(name, async (event: Record<string, unknown>) => {
        if (event.relayed) return;
        const message: RelayedEvent = { from: this.identity.id, name, event };
        await this.repository.notify(CLUSTER_EVENTS_CHANNEL, JSON.stringify(message)).catch((err: Error) => this.logger.warn(`Telling the other replicas of ${name}: ${err.message}`));
      });
    }
  }

  private receive(payload: string): void {
    const message = JSON.parse(payload) as RelayedEvent;
    if (message.from === this.identity.id || !(RELAYED_EVENTS as readonly string[]).includes(message.name)) return;
    void this.events.emitAsync(message.name, { ...message.event, relayed: true }).catch((err: Error) => this.logger.warn(`Acting on ${message.name} from replica ${message.from}: ${err.message}`));
  }
}
