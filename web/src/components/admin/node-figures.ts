import type { AdminNode } from '@forge/protocol/admin';

/**
 * A host's free memory as an operator reads it: "3072 / 4096 MB" free; "Overcommitted by 1024 MB"
 * when its sandboxes' limits add up to more than it has; "None: lost" when it does not answer (what it
 * had free is of no use to a new sandbox).
 */
export function freeMemoryText(node: AdminNode): string {
  return freeText(node, node.freeMemoryMb, node.capacityMemoryMb, ' MB');
}

/** A host's free CPUs, said the same way: "1 / 2", "Overcommitted by 1 of 2", "None: lost". */
export function freeCpuText(node: AdminNode): string {
  return freeText(node, node.freeCpus, node.capacityCpus, '');
}

function freeText(node: AdminNode, free: number, capacity: number, unit: string): string {
  if (node.state === 'lost') return 'None: lost';
  if (free < 0) return `Overcommitted by ${round(-free)}${unit} of ${round(capacity)}${unit}`;
  return `${round(free)} / ${round(capacity)}${unit}`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
