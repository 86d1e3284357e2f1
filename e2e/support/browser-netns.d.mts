export function browserSocketPath(port: number): string;
export function browserNamespaceAvailable(): boolean;
export function namespacedLaunch(chromiumPath: string, port: number): { executablePath: string; env: Record<string, string | undefined> };
