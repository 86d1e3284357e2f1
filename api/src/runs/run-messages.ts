// What viewers are told about a job the server stopped under, while it ran or at the next start.

export const INTERRUPTED_MESSAGE = 'The server stopped while this job was running. The files it had completed are saved; generate again to finish the project.';
export const INTERRUPTED_EDIT_MESSAGE = 'The server stopped while this edit was running. Its changes were written all together or not at all: the History shows whether they landed.';
