import { Injectable } from '@nestjs/common';
import type { AdminSandbox } from '@forge/protocol/admin';

/** Per-project containers: their lifecycle, previews and what operators see of them. */
@Injectable()
export class SandboxesService {
  /** Every sandbox the platform knows, with live CPU and memory use from Docker. */
  async listForAdmin(): Promise<AdminSandbox[]> {
    throw new Error('not implemented yet');
  }

  /** Stops the container; the preview starts again on its next visit. Unknown id: NotFound DomainError. */
  async stop(projectId: string): Promise<void> {
    throw new Error(`not implemented yet ${projectId}`);
  }

  /** Stops and starts the container again, rebuilding the project in it. */
  async restart(projectId: string): Promise<void> {
    throw new Error(`not implemented yet ${projectId}`);
  }

  /** Removes the container; the project and its files stay. */
  async remove(projectId: string): Promise<void> {
    throw new Error(`not implemented yet ${projectId}`);
  }

  /** The container's recent output, oldest first. */
  async logs(projectId: string): Promise<string> {
    throw new Error(`not implemented yet ${projectId}`);
  }
}
