import { Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface Props {
  value: number;
  onChange: (value: number) => void;
  max: number;
  /** The lowest value: 0 lets the last click remove the line. */
  min?: number;
  disabled?: boolean;
}

export function QuantityStepper({ value, onChange, max, min = 1, disabled }: Props) {
  return (
    <div className="inline-flex items-center rounded-md border" role="group" aria-label="Quantity">
      <Button variant="ghost" size="icon-sm" aria-label="Fewer" disabled={disabled || value <= min} onClick={() => onChange(value - 1)}>
        <Minus />
      </Button>
      <span className="w-8 text-center text-sm font-medium tabular-nums">{value}</span>
      <Button variant="ghost" size="icon-sm" aria-label="More" disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        <Plus />
      </Button>
    </div>
  );
}
