import { expect, test } from '../fixtures/accounts';

// A model writing at 250 characters a second (about 70 tokens/s): the e2e server lets a generation script its
// answer and its pace (FORGE_TEST_SCRIPTED_ANSWERS, e2e/server.mjs). The answer is what a model asked under v2
// writes: the shape line (the template goes down at once), then App.tsx, then its sections, a hero first.
const section = (name: string, title: string, lines: string[]) => `<<<FILE src/components/${name}.tsx>>>
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const ITEMS = [
${lines.map((line) => `  ${JSON.stringify(line)},`).join('\n')}
];

export function ${name}() {
  return (
    <section className="mx-auto max-w-5xl px-6 py-16">
      <h2 className="text-3xl font-semibold tracking-tight">${title}</h2>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {ITEMS.map((item) => (
          <Card key={item}>
            <CardHeader>
              <CardTitle>{item.split(':')[0]}</CardTitle>
            </CardHeader>
            <CardContent className="text-muted-foreground">{item.split(':')[1]}</CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
<<<END FILE>>>
`;

const ANSWER = `Building Bean There, a coffee roaster's landing page: a hero, the roasts, brewing, the café, the story, the menu, wholesale and a footer.
It runs in the browser: no server or database needed.
Template: static

<<<FILE src/App.tsx>>>
import { Hero } from '@/components/Hero';
import { Roasts } from '@/components/Roasts';
import { Brewing } from '@/components/Brewing';
import { Visit } from '@/components/Visit';
import { Story } from '@/components/Story';
import { Menu } from '@/components/Menu';
import { Wholesale } from '@/components/Wholesale';
import { Footer } from '@/components/Footer';

export function App() {
  return (
    <div className="min-h-svh bg-background text-foreground">
      <Hero />
      <Roasts />
      <Brewing />
      <Visit />
      <Story />
      <Menu />
      <Wholesale />
      <Footer />
    </div>
  );
}
<<<END FILE>>>

<<<FILE src/components/Hero.tsx>>>
import { Button } from '@/components/ui/button';

export function Hero() {
  return (
    <header className="bg-amber-900 px-6 py-24 text-amber-50">
      <div className="mx-auto max-w-5xl">
        <p className="text-sm tracking-widest uppercase opacity-80">Small-batch coffee, roasted weekly</p>
        <h1 className="mt-4 text-5xl font-bold tracking-tight">Bean There</h1>
        <p className="mt-6 max-w-xl text-lg opacity-90">Single-origin beans roasted in small batches, a café that knows your order, and a bag at your door every other Friday.</p>
        <div className="mt-8 flex gap-3">
          <Button size="lg" className="bg-amber-50 text-amber-900 hover:bg-amber-100">Shop the roasts</Button>
          <Button size="lg" variant="outline" className="border-amber-50 bg-transparent text-amber-50">Visit the café</Button>
        </div>
      </div>
    </header>
  );
}
<<<END FILE>>>

${section('Roasts', 'This week’s roasts', [
  'Ethiopia Guji: Peach, jasmine and a long honeyed finish; our lightest roast, best as a pour-over.',
  'Colombia Huila: Red apple, caramel and milk chocolate; the one we drink every morning.',
  'Sumatra Mandheling: Cedar, dark cocoa and a heavy body that stands up to milk.',
  'House espresso: Brazil and Guatemala, roasted for sweetness: hazelnut, toffee and a clean finish.',
  'Decaf Peru: Swiss-water decaffeinated, with brown sugar and orange peel; nobody can tell.',
  'Roaster’s pick: A small lot we fell for this month, two hundred bags and then it is gone.',
])}
${section('Brewing', 'Brew it well at home', [
  'Grind fresh: Grind right before you brew; ground coffee loses most of its aroma in fifteen minutes.',
  'Weigh it: Sixteen grams of water for each gram of coffee is the place to start, then taste.',
  'Mind the water: Just off the boil, around ninety-four degrees; too hot and it turns bitter.',
  'Bloom first: Pour twice the coffee’s weight in water, wait thirty seconds, then pour the rest.',
  'Store it dark: An airtight tin in a cupboard; never the fridge, where it picks up every smell.',
  'Ask us: Bring your grinder and your questions on Saturdays; we dial it in with you.',
])}
${section('Visit', 'Visit the café', [
  'Where: 14 Roastery Lane, by the canal, five minutes from the station on foot.',
  'When: Monday to Friday 7 to 6, Saturday and Sunday 8 to 5; closed on public holidays.',
  'Cuppings: Every Saturday at ten, free, six seats; book a seat at the counter the week before.',
  'Wholesale: Cafés and offices get a roast plan and training for their team; write to us.',
  'Subscriptions: A bag every week, every other week or every month; pause whenever you like.',
  'Gift cards: Any amount, by email or printed in the café, valid for two years.',
])}
${section('Story', 'Our story', [
  'The van: We started in 2014 with a secondhand roaster in a van, selling at the Saturday market by the canal.',
  'The lane: Two years later the café opened on Roastery Lane, with the roaster in the window for all to see.',
  'The farms: We buy from eleven farms we have visited, and pay well above the market price for their best lots.',
  'The team: Nine of us now: three roasters, five baristas and Maya, who answers every email herself.',
  'The bags: Compostable, printed with the roast date, and sent back to us for a discount on the next one.',
  'The future: A second roaster this winter, so that every bag leaves within two days of roasting.',
])}
${section('Menu', 'At the counter', [
  'Espresso: The house blend, pulled short and sweet, or a guest single origin for the curious.',
  'Flat white: Double ristretto and silky milk; oat, almond and soy at no extra cost.',
  'Filter: Today’s single origin on the batch brewer, refilled free while you stay.',
  'Pour-over: Any of this week’s roasts, brewed by hand; ask the barista which one suits you.',
  'Pastries: Croissants and cardamom buns from the bakery next door, warm until eleven.',
  'Lunch: Soup and sourdough, a sandwich of the day, and a salad that changes with the market.',
])}
${section('Wholesale', 'For cafés and offices', [
  'Roast plans: A weekly or fortnightly delivery, roasted for your grinder and your machine.',
  'Training: A morning with our head barista for your team, and a refresher every season.',
  'Equipment: We help you choose, install and service grinders and espresso machines.',
  'Tastings: A cupping of six roasts in your office, to find the coffee your team will love.',
  'Small print: No minimum order after the first month, and no contract; stay because it is good.',
  'Contact: Write to Maya at wholesale@beanthere.example and we answer within a day.',
])}
<<<FILE src/components/Footer.tsx>>>
export function Footer() {
  return (
    <footer className="border-t px-6 py-10 text-center text-sm text-muted-foreground">
      <p>© Bean There roasters. Roasted by the canal since 2014.</p>
    </footer>
  );
}
<<<END FILE>>>

Done: App.tsx and eight sections on the template.
`;

test('a generation written at 250 characters a second shows the app in the live preview before it ends, then the production build', async ({ page, account }) => {
  test.skip(test.info().project.name === 'mobile', 'the frame and the run are the same on a phone; one paced run is enough');
  test.setTimeout(180_000);
  const projectName = 'live-coffee';
  await page.goto('/');
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('Describe your React project').fill(`SCRIPTED ANSWER at 250 chars/s:\n${ANSWER}`);
  await page.getByPlaceholder('my-react-app').fill(projectName);
  await page.getByRole('button', { name: 'Generate Project' }).click();

  // While the agent writes: the dev server's preview, the app's heading in the frame, the answer still streaming.
  // The workspace shows the terminal once the job has started: the Preview tab is chosen after that.
  await expect(page.getByText(/Job \S+ started\. Waiting for the agent/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Preview', exact: true }).click();
  await expect(page.getByTestId('preview-status')).toHaveText('Writing…', { timeout: 60_000 });
  const frame = page.frameLocator('iframe[title="Live preview"]');
  await expect(frame.getByRole('heading', { name: 'Bean There', level: 1 })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('live-preview-writing.png') });
  const status = (await (await account.api.get(`/api/projects/${projectName}/preview-status`)).json()) as { live?: boolean; previewUrl: string; isBuilt: boolean };
  expect(status).toMatchObject({ live: true, isBuilt: false });
  expect(status.previewUrl).not.toBe('');
  await expect(page.getByTestId('preview-status')).toHaveText('Writing…');
  // The dev server serves the sources (Vite's client script), not a bundle, and never its red overlay.
  await expect(frame.locator('script[src="/@vite/client"]')).toHaveCount(1);
  await expect(frame.locator('vite-error-overlay')).toHaveCount(0);

  // When the answer ends, the page the dev server rendered stays while the production build runs (never a "not built" page).
  await expect(page.getByTestId('preview-status')).not.toHaveText('Writing…', { timeout: 60_000 });
  await expect(frame.getByRole('heading', { name: 'Bean There', level: 1 })).toBeVisible();
  await expect(frame.getByText('This preview is not built yet')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('live-preview-building.png') });

  // Then the production build, checked, and the preview switches to it.
  await expect(page.getByTestId('preview-status')).toHaveText('Live Preview', { timeout: 120_000 });
  await expect(frame.getByRole('heading', { name: 'Bean There', level: 1 })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Visit the café' })).toBeVisible();
  const built = (await (await account.api.get(`/api/projects/${projectName}/preview-status`)).json()) as { live?: boolean; isBuilt: boolean };
  expect(built).toMatchObject({ isBuilt: true });
  expect(built.live).toBeFalsy();
  await expect(frame.locator('script[src="/@vite/client"]')).toHaveCount(0);
  await expect(frame.locator('script[src^="/assets/"]')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('live-preview-built.png') });
});
