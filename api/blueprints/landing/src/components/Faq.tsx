import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { faqs } from '../content';
import { SectionHeader } from './SectionHeader';

export function Faq() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);

  return (
    <section className="section" id={faqs.section.id}>
      <div className="container faq-layout">
        <SectionHeader section={faqs.section} />
        <div className="faq-list">
          {faqs.items.map((item, index) => {
            const open = openIndex === index;
            return (
              <div key={item.question} className={open ? 'faq-item open' : 'faq-item'}>
                <h3>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={'faq-answer-' + index}
                    onClick={() => setOpenIndex(open ? null : index)}
                  >
                    {item.question}
                    <ChevronDown size={20} aria-hidden="true" />
                  </button>
                </h3>
                <p id={'faq-answer-' + index} hidden={!open}>
                  {item.answer}
                </p>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
