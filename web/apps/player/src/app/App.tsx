export function App() {
  return <main>Palaro</main>;
}
