import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@/lib/format';
import { cn } from '@/lib/cn';
import { IMAGE_MEDIA_TYPES, MAX_IMAGES, TOO_MANY_IMAGES_MESSAGE } from '@forge/protocol/limits';
import { designImageError, readDesignImage, type UploadedImage } from './design-images';

export interface ImageUploaderProps {
  images: readonly UploadedImage[];
  onAdd: (images: UploadedImage[]) => void;
  onRemove: (id: string) => void;
  /** Each rejected file's message, for the terminal log. */
  onReject: (message: string) => void;
  disabled?: boolean;
}

export function ImageUploader({ images, onAdd, onRemove, onReject, disabled }: ImageUploaderProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const addFiles = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const rejected: string[] = [];
    const valid: File[] = [];
    for (const file of Array.from(list)) {
      const error = designImageError(file);
      if (error) rejected.push(error);
      else valid.push(file);
    }
    // The server takes at most MAX_IMAGES per job: the first ones fill the free places, the rest are named.
    const free = Math.max(0, MAX_IMAGES - images.length);
    const skipped = valid.slice(free).map((file) => file.name);
    if (skipped.length > 0) rejected.push(`${TOO_MANY_IMAGES_MESSAGE} Not attached: ${skipped.join(', ')}.`);
    const reads = valid.slice(0, free).map(async (file) => {
      try {
        return await readDesignImage(file);
      } catch {
        rejected.push(`Error loading ${file.name}`);
        return null;
      }
    });
    const accepted = (await Promise.all(reads)).filter((image): image is UploadedImage => image !== null);
    rejected.forEach(onReject);
    setErrors(rejected);
    if (accepted.length > 0) onAdd(accepted);
  };

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void addFiles(event.dataTransfer.files);
  };

  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={inputId} className="text-sm font-medium text-foreground">
          Design Reference
        </label>
        <span className="text-xs text-subtle">Optional</span>
      </div>
      <p className="mt-1 text-xs text-muted">Screenshots or mockups the agent should match.</p>

      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_MEDIA_TYPES.join(',')}
        multiple
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          void addFiles(event.target.files);
          // The same file can be picked again after it was removed.
          event.target.value = '';
        }}
      />

      <button
        type="button"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'mt-2.5 flex w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-6 text-center transition-colors',
          'disabled:cursor-not-allowed disabled:opacity-50',
          dragging ? 'border-primary bg-primary/10' : 'border-border-strong bg-surface-2/50 hover:border-primary/60 hover:bg-surface-2',
        )}
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-surface-3 text-muted">
          <ImagePlus className="size-5" aria-hidden />
        </span>
        <span className="text-sm text-foreground">
          <span className="font-medium text-primary">Upload images</span> or drag them here
        </span>
        <span className="text-xs text-subtle">PNG, JPG, GIF, WEBP · up to 5MB each · at most {MAX_IMAGES}</span>
      </button>

      {errors.length > 0 && (
        <ul role="alert" className="mt-2 space-y-0.5 text-xs text-destructive">
          {errors.map((error, index) => (
            <li key={`${error}-${index}`}>{error}</li>
          ))}
        </ul>
      )}

      {images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2.5" aria-label="Attached design references">
          {images.map((image) => (
            <li key={image.id} className="group relative">
              <img src={image.dataUrl} alt={image.name} className="size-20 rounded-lg border border-border object-cover shadow-sm shadow-black/40" />
              <span className="pointer-events-none absolute inset-x-0 bottom-0 truncate rounded-b-lg bg-black/60 px-1.5 py-0.5 text-[10px] text-white/90">{formatBytes(image.size)}</span>
              <button
                type="button"
                onClick={() => onRemove(image.id)}
                aria-label={`Remove ${image.name}`}
                className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full border border-border bg-surface-3 text-muted shadow-md transition-colors hover:bg-destructive-strong hover:text-white"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
