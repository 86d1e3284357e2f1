/** A host as placement sees it, read under a row lock. */
export interface PlacementCandidate {
  id: string;
  state: 'healthy' | 'lost';
  draining: boolean;
  freeMemoryMb: number;
  freeCpus: number;
  runningSandboxes: number;
}

/** What one more sandbox takes of a host: its container's limits. */
export interface SandboxDemand {
  memoryMb: number;
  cpus: number;
}

/**
 * The host a new sandbox goes to: healthy, not draining, with the most headroom, counted as how many
 * more sandboxes of this size fit by its scarcer resource (memory or CPU). Ties go to the host with
 * fewer sandboxes, then by name, so every replica chooses alike. Hosts are overcommitted rather than
 * refused, as a single machine always was: capacity steers placement, it does not cap it. Null when no
 * host may take it.
 */
export function chooseNode(candidates: PlacementCandidate[], demand: SandboxDemand): string | null {
  const open = candidates.filter((node) => node.state === 'healthy' && !node.draining);
  if (open.length === 0) return null;
  const headroom = (node: PlacementCandidate) => Math.min(node.freeMemoryMb / demand.memoryMb, node.freeCpus / demand.cpus);
  const [best] = [...open].sort((a, b) => headroom(b) - headroom(a) || a.runningSandboxes - b.runningSandboxes || a.id.localeCompare(b.id));
  return best!.id;
}
