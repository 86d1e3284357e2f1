import { Link } from '@tanstack/react-router';
import { Clock, Download, FileCode2, FolderOpen, Globe, Info, Pencil, Share2, Trash2 } from 'lucide-react';
import type { ProjectListItem } from '@forge/protocol/api';
import { useState } from 'react';
import { projectDownloadUrl, projectThumbnailUrl } from '@/api/queries/projects';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatModifiedAt } from './format-date';

interface ProjectCardProps {
  project: ProjectListItem;
  isOpening: boolean;
  /** Published: anyone can open its share address and it is on the wall. */
  isShared: boolean;
  onOpen: () => void;
  onShare: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const iconAction = cn(buttonClasses('outline', 'icon'), 'text-muted hover:text-foreground');

export function ProjectCard({ project, isOpening, isShared, onOpen, onShare, onEdit, onDelete }: ProjectCardProps) {
  const files = `${project.fileCount} ${project.fileCount === 1 ? 'file' : 'files'}`;
  return (
    <article
      aria-label={project.name}
      className="group relative flex flex-col rounded-[var(--radius-card)] border border-border bg-surface p-5 transition-all hover:border-border-strong hover:bg-surface-2/60 hover:shadow-lg hover:shadow-black/30"
    >
      <ProjectThumbnail name={project.name} />
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-primary/25 bg-linear-to-br from-primary/20 to-primary/5 text-primary-hover">
          <FileCode2 className="size-5" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold tracking-tight text-foreground" title={project.name}>
            {project.name}
          </h2>
          <p className="mt-0.5 flex items-center gap-2 text-sm text-muted">
            {files}
            {isShared && (
              <Badge tone="accent">
                <Globe className="size-3" aria-hidden />
                Shared
              </Badge>
            )}
          </p>
        </div>
        <Tooltip side="top" label="Delete project">
          <Button variant="ghost" size="icon" aria-label="Delete project" onClick={onDelete} className="-mt-1 -mr-2 size-8 text-subtle hover:bg-destructive/10 hover:text-destructive">
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </Tooltip>
      </div>

      <p className="mt-4 flex items-center gap-1.5 text-xs text-subtle">
        <Clock className="size-3.5" aria-hidden />
        <span>
          Modified <time dateTime={project.modifiedAt}>{formatModifiedAt(project.modifiedAt)}</time>
        </span>
      </p>

      <div className="mt-5 flex items-center gap-2 border-t border-border pt-4">
        <Button onClick={onOpen} disabled={isOpening} className="min-w-0 flex-1">
          {isOpening ? <ButtonSpinner /> : <FolderOpen className="size-4" aria-hidden />}
          {isOpening ? 'Loading...' : 'Open Project'}
        </Button>
        <Tooltip side="top" label="View project page">
          <Link to="/project/$projectName" params={{ projectName: project.name }} aria-label="View project page" className={iconAction}>
            <Info className="size-4" aria-hidden />
          </Link>
        </Tooltip>
        <Tooltip side="top" label={isShared ? 'Shared: manage or unpublish' : 'Share project'}>
          <Button
            variant="outline"
            size="icon"
            aria-label="Share project"
            onClick={onShare}
            className={isShared ? 'border-accent/40 text-accent hover:text-accent' : 'text-muted hover:text-foreground'}
          >
            <Share2 className="size-4" aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip side="top" label="Edit project">
          <Button variant="outline" size="icon" aria-label="Edit project" onClick={onEdit} className="text-muted hover:text-foreground">
            <Pencil className="size-4" aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip side="top" label="Download ZIP">
          <a href={projectDownloadUrl(project.name)} download aria-label="Download project" className={iconAction}>
            <Download className="size-4" aria-hidden />
          </a>
        </Tooltip>
      </div>
    </article>
  );
}

/** The preview as the checking browser last saw it; nothing until a build was checked. */
function ProjectThumbnail({ name }: { name: string }) {
  const [missing, setMissing] = useState(false);
  if (missing) return null;
  return (
    <img
      src={projectThumbnailUrl(name)}
      alt={`Preview of ${name}`}
      loading="lazy"
      onError={() => setMissing(true)}
      className="-mx-5 -mt-5 mb-4 aspect-[16/10] w-[calc(100%+2.5rem)] max-w-none rounded-t-[var(--radius-card)] border-b border-border object-cover object-top"
    />
  );
}
