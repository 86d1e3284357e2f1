import { describe, expect, it } from '@jest/globals';
import { formatCpu, formatLastVisit, formatMemory, formatUptime, usageShare } from './sandbox-format';

const now = Date.parse('2026-03-04T21:05:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('sandbox formats', () => {
  it('tells uptime in its two largest units', () => {
    expect(formatUptime(before(20_000), now)).toBe('< 1m');
    expect(formatUptime(before(12 * 60_000 + 5000), now)).toBe('12m');
    expect(formatUptime(before(2 * 3_600_000 + 15 * 60_000), now)).toBe('2h 15m');
    expect(formatUptime(before(3 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000), now)).toBe('3d 4h');
    expect(formatUptime('not a date', now)).toBe('—');
    // A container clock a little ahead of the browser's is not a negative uptime.
    expect(formatUptime(new Date(now + 5000).toISOString(), now)).toBe('< 1m');
  });

  it('tells a recent visit relatively and an older one as the spec date', () => {
    expect(formatLastVisit(before(30_000), now)).toBe('Just now');
    expect(formatLastVisit(before(5 * 60_000), now)).toBe('5 min ago');
    expect(formatLastVisit(before(3 * 3_600_000 + 60_000), now)).toBe('3 h ago');
    expect(formatLastVisit('2025-03-04T21:05:00Z', now, 'UTC')).toBe('Mar 4, 2025, 9:05 PM');
  });

  it('formats CPU and memory with the shared byte units', () => {
    expect(formatCpu(0)).toBe('0.0%');
    expect(formatCpu(3.14159)).toBe('3.1%');
    expect(formatCpu(57.66)).toBe('57.7%');
    expect(formatCpu(180.2)).toBe('180.2%');
    expect(formatMemory(134_217_728, 1_073_741_824)).toBe('128.0 MB / 1024.0 MB');
    expect(formatMemory(512 * 1024, null)).toBe('512.0 KB');
  });

  it('keeps usage bars between empty and full', () => {
    expect(usageShare(50, 200)).toBe(25);
    expect(usageShare(300, 200)).toBe(100);
    expect(usageShare(10, 0)).toBe(0);
    expect(usageShare(-1, 10)).toBe(0);
  });
});
