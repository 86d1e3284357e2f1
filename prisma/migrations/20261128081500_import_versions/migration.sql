-- A project imported from a ZIP: its first version says so.
ALTER TYPE "version_kind" ADD VALUE 'import';
