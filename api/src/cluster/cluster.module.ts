import { Global, Module } from '@nestjs/common';
import { ClusterEvents } from './cluster-events.js';
import { ClusterLocks } from './cluster-locks.js';
import { ReplicaIdentity } from './replica-identity.js';
import { ReplicasRepository } from './replicas.repository.js';
import { ReplicasService } from './replicas.service.js';
import { WorkQueue } from './work-queue.js';

/** What replicas of the platform share: who is alive, the work queue any of them takes jobs from, and per-project locks. */
@Global()
@Module({
  providers: [ReplicaIdentity, ReplicasRepository, ReplicasService, WorkQueue, ClusterEvents, ClusterLocks],
  exports: [ReplicasService, WorkQueue, ClusterLocks],
})
export class ClusterModule {}
