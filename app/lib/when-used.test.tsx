/**
 * On the server a component loaded when used renders in full, never as a fallback: the
 * server's bundle holds its module, loaded as the server starts (a dialog open at `?dialog=`
 * works without JavaScript).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { allLoaded, whenUsed } from "./when-used";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("whenUsed on the server", () => {
  it("renders the component's HTML, with its marker, once the server has started", async () => {
    const Shown = whenUsed("server-greeting", async () => Greeting);
    await allLoaded();
    const html = renderToString(<Shown name="Ada" />);
    expect(html).toContain("<p>Hello <!-- -->Ada</p>");
    expect(html).toContain('<template data-when-used="server-greeting"></template>');
  });

  it("loads every component as the server starts, without being asked", async () => {
    let loads = 0;
    whenUsed("server-counted", async () => {
      loads += 1;
      return Greeting;
    });
    await allLoaded();
    await allLoaded();
    expect(loads).toBe(1);
  });
});
