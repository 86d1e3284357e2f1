import { Braces, File, FileAudio, FileCode, FileImage, FileText, FileType, FileVideo, Folder, FolderOpen, Hash, KeyRound, Settings2 } from 'lucide-react';
import { cn } from '@/lib/cn';

const IMAGE = /\.(png|jpe?g|gif|webp|svg|ico|avif|bmp)$/i;
const FONT = /\.(woff2?|ttf|otf|eot)$/i;
const AUDIO = /\.(mp3|wav|ogg|oga|m4a|aac|flac|opus)$/i;
const VIDEO = /\.(mp4|webm|mov|ogv|m4v)$/i;

export function FileIcon({ name, folder, open, className }: { name: string; folder?: boolean; open?: boolean; className?: string }) {
  const base = cn('size-4 shrink-0', className);
  if (folder) {
    const Icon = open ? FolderOpen : Folder;
    return <Icon className={cn(base, 'text-primary/80')} aria-hidden />;
  }
  const lower = name.toLowerCase();
  if (lower.startsWith('.env')) return <KeyRound className={cn(base, 'text-warning')} aria-hidden />;
  if (/\.(tsx|jsx)$/.test(lower)) return <FileCode className={cn(base, 'text-info')} aria-hidden />;
  if (/\.(ts|mts|cts)$/.test(lower)) return <FileCode className={cn(base, 'text-[#3b82f6]')} aria-hidden />;
  if (/\.(js|mjs|cjs)$/.test(lower)) return <FileCode className={cn(base, 'text-warning')} aria-hidden />;
  if (lower.endsWith('.json')) return <Braces className={cn(base, 'text-warning/80')} aria-hidden />;
  if (/\.(css|scss)$/.test(lower)) return <Hash className={cn(base, 'text-[#38bdf8]')} aria-hidden />;
  if (/\.(md|mdx|txt)$/.test(lower)) return <FileText className={cn(base, 'text-muted')} aria-hidden />;
  if (IMAGE.test(lower)) return <FileImage className={cn(base, 'text-accent')} aria-hidden />;
  if (FONT.test(lower)) return <FileType className={cn(base, 'text-muted')} aria-hidden />;
  if (AUDIO.test(lower)) return <FileAudio className={cn(base, 'text-accent')} aria-hidden />;
  if (VIDEO.test(lower)) return <FileVideo className={cn(base, 'text-accent')} aria-hidden />;
  if (/(^|\.)config\.|rc$|\.(ya?ml|toml)$/.test(lower)) return <Settings2 className={cn(base, 'text-subtle')} aria-hidden />;
  if (lower.endsWith('.html')) return <FileCode className={cn(base, 'text-[#fb923c]')} aria-hidden />;
  return <File className={cn(base, 'text-subtle')} aria-hidden />;
}
