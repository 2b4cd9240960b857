export interface Tool {
  what: string;
  found: () => boolean;
  apt: string[];
  or?: string;
}
export function onPath(name: string, path?: string): boolean;
export function chromiumPath(path?: string): string | null;
export const TOOLS: Record<string, Tool>;
export const TEST_NEEDS: string[];
export const REFDATA_NEEDS: string[];
export function missing(names: string[]): string[];
export function installLine(who: string, names: string[]): string;
export function ensure(who: string, names: string[], log?: (s: string) => void): string | null;
