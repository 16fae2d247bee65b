import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link } from "wouter";
import { HashRouter, pathOfHash, searchOfHash } from "../src/app/hashRouter";

describe("the app's hash routes", () => {
  it("take the route from the hash, its query left inside the hash", () => {
    expect(pathOfHash("#/contractDetails?id=3")).toBe("/contractDetails");
    expect(searchOfHash("#/contractDetails?id=3")).toBe("id=3");
    expect(pathOfHash("#/announcement/7")).toBe("/announcement/7");
    expect(pathOfHash("#/?address=0xabc")).toBe("/");
    expect(searchOfHash("#/?address=0xabc")).toBe("address=0xabc");
    expect(pathOfHash("")).toBe("/");
    expect(searchOfHash("")).toBe("");
    expect(pathOfHash("#home")).toBe("/home");
  });

  it("link into the hash, query included", () => {
    const html = renderToStaticMarkup(
      createElement(HashRouter, null, createElement(Link, { to: "/contractDetails?id=3" }, "Stake #3")),
    );
    expect(html).toBe('<a href="#/contractDetails?id=3">Stake #3</a>');
  });
});
