export default function Home() {
  return (
    <main>
      <h1>Cannabis Intelligence API</h1>
      <p>
        See <a href="/docs">the API reference</a>.
      </p>
    </main>
  );
}
