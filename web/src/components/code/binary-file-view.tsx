import { Download, FileAudio, FileImage, FileType, FileVideo, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { isViewableImage } from '@/api/file-content';
import { formatBytes } from '@/lib/format';

export interface BinaryFileViewProps {
  path: string;
  mediaType: string;
  /** Unknown when the server could not say. */
  sizeBytes: number | null;
  /** Where the file's bytes are answered. */
  url: string;
}

/** "image/png · 1.2 KB": what a binary file is, in one line. */
export function describeBinaryFile(mediaType: string, sizeBytes: number | null): string {
  return sizeBytes === null ? mediaType : `${mediaType} · ${formatBytes(sizeBytes)}`;
}

function BinaryIcon({ mediaType }: { mediaType: string }) {
  const className = 'size-5';
  if (mediaType.startsWith('image/')) return <FileImage className={className} aria-hidden />;
  if (mediaType.startsWith('audio/')) return <FileAudio className={className} aria-hidden />;
  if (mediaType.startsWith('video/')) return <FileVideo className={className} aria-hidden />;
  if (mediaType.startsWith('font/') || mediaType === 'application/vnd.ms-fontobject') return <FileType className={className} aria-hidden />;
  return <FileArchive className={className} aria-hidden />;
}

/**
 * A binary file of a project (an image, a font, audio): an image is shown as itself; anything else
 * by name, type and size, with a download link. Its bytes never go through the code viewer.
 */
export function BinaryFileView({ path, mediaType, sizeBytes, url }: BinaryFileViewProps) {
  const name = path.split('/').pop() ?? path;
  const [broken, setBroken] = useState(false);
  const description = describeBinaryFile(mediaType, sizeBytes);

  if (isViewableImage(mediaType) && !broken) {
    return (
      <figure className="flex h-full min-h-72 flex-col items-center justify-center gap-3 p-6">
        <div className="flex max-h-[70vh] max-w-full items-center justify-center overflow-auto rounded-lg border border-border bg-[repeating-conic-gradient(var(--color-surface-2)_0%_25%,var(--color-surface)_0%_50%)] bg-[length:16px_16px] p-3">
          <img src={url} alt={name} onError={() => setBroken(true)} className="max-h-[60vh] max-w-full object-contain [image-rendering:auto]" />
        </div>
        <figcaption className="text-xs text-subtle">
          <span className="font-mono">{name}</span> · {description}
        </figcaption>
      </figure>
    );
  }

  return (
    <div className="flex h-full min-h-72 flex-col items-center justify-center gap-3 px-6 text-center">
      <div className="flex size-11 items-center justify-center rounded-xl border border-border bg-surface-2 text-subtle">
        <BinaryIcon mediaType={mediaType} />
      </div>
      <div>
        <p className="font-mono text-sm break-all text-foreground">{name}</p>
        <p className="mt-1 text-xs text-subtle">Binary file · {description}</p>
      </div>
      <a href={url} download={name} className="inline-flex items-center gap-1.5 rounded-lg border border-border px-3 py-1.5 text-xs font-medium text-foreground transition-colors hover:bg-surface-3">
        <Download className="size-3.5" aria-hidden />
        Download
      </a>
    </div>
  );
}
