import { Global, Module } from '@nestjs/common';
import { ClusterEvents } from './cluster-events.js';
import { ReplicaIdentity } from './replica-identity.js';
import { ReplicasRepository } from './replicas.repository.js';
import { ReplicasService } from './replicas.service.js';
import { WorkQueue } from './work-queue.js';

/** What replicas of the platform share: who is alive, and the work queue any of them takes jobs from. */
@Global()
@Module({
  providers: [ReplicaIdentity, ReplicasRepository, ReplicasService, WorkQueue, ClusterEvents],
  exports: [ReplicasService, WorkQueue],
})
export class ClusterModule {}
