// Forms with react-hook-form and zod: <Form {...form}> then a FormField per control, rendering FormItem > FormLabel, FormControl, FormDescription, FormMessage.
import { Slot } from 'radix-ui';
import { createContext, useContext, useId, type ComponentProps } from 'react';
import { Controller, FormProvider, useFormContext, useFormState, type ControllerProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** Holds the form's state for the fields inside: `<Form {...useForm(...)}>`. */
export const Form = FormProvider;

const FieldContext = createContext<{ name: string } | null>(null);
const ItemContext = createContext<{ id: string } | null>(null);

/** One field of the form, by name; `render` gets the field's props to spread on its control. */
export function FormField<TFieldValues extends FieldValues = FieldValues, TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>>(props: ControllerProps<TFieldValues, TName>) {
  return (
    <FieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext.Provider>
  );
}

/** The ids and error of the field being rendered, for the parts below. */
export function useFormField() {
  const field = useContext(FieldContext);
  const item = useContext(ItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    messageId: `${item.id}-message`,
    ...state,
  };
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  return (
    <ItemContext.Provider value={{ id }}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </ItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { error, controlId } = useFormField();
  return <Label data-slot="form-label" data-error={!!error} htmlFor={controlId} className={cn('data-[error=true]:text-destructive', className)} {...props} />;
}

/** Wraps the control (Input, Select trigger, ...) and links it to its label, description and message. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, controlId, descriptionId, messageId } = useFormField();
  return <Slot.Root data-slot="form-control" id={controlId} aria-describedby={error ? `${descriptionId} ${messageId}` : descriptionId} aria-invalid={!!error} {...props} />;
}

export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useFormField();
  return <p data-slot="form-description" id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The field's validation message (or the children when there is none). */
export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  const { error, messageId } = useFormField();
  const body = error ? String(error.message ?? '') : children;
  if (!body) return null;
  return (
    <p data-slot="form-message" id={messageId} className={cn('text-sm text-destructive', className)} {...props}>
      {body}
    </p>
  );
}
