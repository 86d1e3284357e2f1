import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { contact, type FormField } from '../content';
import { SectionHeader } from './SectionHeader';

type Values = Record<string, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(fields: FormField[], values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) errors[field.name] = field.label + ' is required.';
    else if (field.type === 'email' && value && !EMAIL_PATTERN.test(value)) errors[field.name] = 'Enter a valid email address.';
  }
  return errors;
}

export function ContactSection() {
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submittedName, setSubmittedName] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(contact.fields, values);
    setErrors(found);
    if (Object.keys(found).length === 0) setSubmittedName((values.name ?? '').trim() || 'friend');
  }

  function update(name: string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  return (
    <section className="section contact" id={contact.section.id}>
      <div className="container contact-grid">
        <SectionHeader section={contact.section} />
        <div className="card contact-card">
          {submittedName ? (
            <div className="success" role="status">
              <CircleCheck size={36} aria-hidden="true" />
              <p>{contact.success.replace('{name}', submittedName)}</p>
              <button
                className="btn btn-outline"
                type="button"
                onClick={() => {
                  setSubmittedName(null);
                  setValues({});
                }}
              >
                Send another
              </button>
            </div>
          ) : (
            <form onSubmit={handleSubmit} noValidate>
              {contact.fields.map((field) => (
                <label key={field.name} className="field">
                  {field.label}
                  {field.type === 'select' ? (
                    <select className="input" value={values[field.name] ?? ''} onChange={(e) => update(field.name, e.target.value)}>
                      <option value="">Choose…</option>
                      {field.options?.map((option) => (
                        <option key={option}>{option}</option>
                      ))}
                    </select>
                  ) : field.type === 'textarea' ? (
                    <textarea
                      className="input"
                      rows={4}
                      placeholder={field.placeholder}
                      value={values[field.name] ?? ''}
                      onChange={(e) => update(field.name, e.target.value)}
                    />
                  ) : (
                    <input
                      className="input"
                      type={field.type}
                      placeholder={field.placeholder}
                      value={values[field.name] ?? ''}
                      onChange={(e) => update(field.name, e.target.value)}
                      aria-invalid={Boolean(errors[field.name])}
                    />
                  )}
                  {errors[field.name] && <span className="field-error">{errors[field.name]}</span>}
                </label>
              ))}
              <button className="btn btn-primary" type="submit">
                {contact.submitLabel}
              </button>
              <p className="muted small">{contact.note}</p>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
