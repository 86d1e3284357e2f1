import type { QueryClient } from '@tanstack/react-query';
import { invalidateCredits } from './credits';
import { invalidateDatabase } from './databases';
import { forgetProjectFiles, invalidateProjectList, invalidateProjects } from './projects';
import { invalidateSecrets } from './secrets';
import { invalidateVersions } from './versions';

/*
 * What each kind of run leaves stale in the cache, in one place: whichever page followed the run
 * calls the one for its kind when it ends.
 */

/** A generation saved files (even one that failed part way) and its model calls were charged. */
export function afterGeneration(queryClient: QueryClient): void {
  void invalidateProjects(queryClient);
  void invalidateCredits(queryClient);
}

/** An edit changed the project, added to its history and was charged. */
export function afterEdit(queryClient: QueryClient, project: string): void {
  void invalidateProjects(queryClient);
  void invalidateVersions(queryClient, project);
  void invalidateCredits(queryClient);
}

/** A build may set up the project's database (a data app's first build does), and with it a secret. */
export function afterBuild(queryClient: QueryClient, project: string): void {
  void invalidateDatabase(queryClient, project);
  void invalidateSecrets(queryClient, project);
}

/** A restore made a new version with another version's files. */
export function afterRestore(queryClient: QueryClient, project: string): void {
  void invalidateVersions(queryClient, project);
  void invalidateProjectList(queryClient);
  forgetProjectFiles(queryClient, project);
}
