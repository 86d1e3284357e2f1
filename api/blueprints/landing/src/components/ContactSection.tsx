import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { SectionHeader } from '@/components/SectionHeader';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { contact, type FormField as ContactField } from '@/content';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's rules, made from the fields content.ts lists. */
function schemaFor(fields: ContactField[]) {
  const shape: Record<string, z.ZodString> = {};
  for (const field of fields) {
    let rule = z.string().trim();
    if (field.required) rule = rule.min(1, `${field.label} is required.`);
    shape[field.name] = field.type === 'email' ? rule.refine((value) => !value || EMAIL_PATTERN.test(value), 'Enter a valid email address.') : rule;
  }
  return z.object(shape);
}

const schema = schemaFor(contact.fields);
type Values = Record<string, string>;
const EMPTY: Values = Object.fromEntries(contact.fields.map((field) => [field.name, '']));

export function ContactSection() {
  const [sentBy, setSentBy] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  function onSubmit(values: Values) {
    const name = (values.name ?? '').trim() || 'friend';
    setSentBy(name);
    toast.success('Thank you, we will be in touch.');
  }

  return (
    <section id={contact.section.id} className="scroll-mt-16 bg-muted/50 py-20">
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <SectionHeader section={contact.section} className="mb-0 text-left lg:mx-0" />
        <Card>
          <CardContent>
            {sentBy ? (
              <div className="grid justify-items-center gap-4 py-6 text-center" role="status">
                <CircleCheck className="size-10 text-success" aria-hidden />
                <p className="text-lg">{contact.success.replace('{name}', sentBy)}</p>
                <Button
                  variant="outline"
                  onClick={() => {
                    setSentBy(null);
                    form.reset(EMPTY);
                  }}
                >
                  Send another
                </Button>
              </div>
            ) : (
              <Form {...form}>
                <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
                  {contact.fields.map((item) => (
                    <FormField
                      key={item.name}
                      control={form.control}
                      name={item.name}
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>{item.label}</FormLabel>
                          {item.type === 'select' ? (
                            <Select value={field.value} onValueChange={field.onChange}>
                              <FormControl>
                                <SelectTrigger className="w-full">
                                  <SelectValue placeholder="Choose…" />
                                </SelectTrigger>
                              </FormControl>
                              <SelectContent>
                                {item.options?.map((option) => (
                                  <SelectItem key={option} value={option}>
                                    {option}
                                  </SelectItem>
                                ))}
                              </SelectContent>
                            </Select>
                          ) : (
                            <FormControl>{item.type === 'textarea' ? <Textarea rows={4} placeholder={item.placeholder} {...field} /> : <Input type={item.type} placeholder={item.placeholder} {...field} />}</FormControl>
                          )}
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  ))}
                  <Button type="submit" size="lg">
                    {contact.submitLabel}
                  </Button>
                  <p className="text-center text-sm text-muted-foreground">{contact.note}</p>
                </form>
              </Form>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
