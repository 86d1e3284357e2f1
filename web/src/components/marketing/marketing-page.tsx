export function MarketingPage() {
  return <main>TODO marketing</main>;
}
