import { SectionHeader } from '@/components/SectionHeader';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { faqs } from '@/content';

export function Faq() {
  return (
    <section id={faqs.section.id} className="scroll-mt-16 py-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <SectionHeader section={faqs.section} className="mb-0 text-left lg:mx-0" />
        <Accordion type="single" collapsible defaultValue="0" className="rounded-xl border bg-card px-5">
          {faqs.items.map((item, index) => (
            <AccordionItem key={item.question} value={String(index)}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>{item.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
