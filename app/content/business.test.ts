// The callback promise against the opening hours, at fixed instants (Melbourne is UTC+11 in
// March, daylight saving, and UTC+10 in June), whatever the machine's own time zone.
import { describe, expect, it } from "vitest";
import { callbackPromise } from "./business";

const promise = (iso: string) => callbackPromise(new Date(iso));

describe("callbackPromise", () => {
  it("promises a call within 15 minutes inside opening hours", () => {
    // Wednesday 4 March 2026, 4:06 pm.
    expect(promise("2026-03-04T05:06:07Z")).toEqual({
      withinHours: true,
      text: "within 15 minutes",
    });
    // Saturday 7 March, 10 am.
    expect(promise("2026-03-06T23:00:00Z").withinHours).toBe(true);
    // Monday 15 June, 8 am, standard time.
    expect(promise("2026-06-14T22:00:00Z").withinHours).toBe(true);
  });

  it("counts opening time as open and closing time as closed", () => {
    // Monday 9 March, 7:00 am and 5:59 pm, then 6:00 pm.
    expect(promise("2026-03-08T20:00:00Z").withinHours).toBe(true);
    expect(promise("2026-03-09T06:59:00Z").withinHours).toBe(true);
    expect(promise("2026-03-09T07:00:00Z")).toEqual({
      withinHours: false,
      text: "by 7:15 am Tuesday",
    });
  });

  it("on a weekday evening, promises the next morning's opening plus 15 minutes", () => {
    // Wednesday 4 March, 7:30 pm.
    expect(promise("2026-03-04T08:30:00Z")).toEqual({
      withinHours: false,
      text: "by 7:15 am Thursday",
    });
    // Friday 6 March, 6:30 pm: Saturday opens later.
    expect(promise("2026-03-06T07:30:00Z").text).toBe("by 8:15 am Saturday");
  });

  it("before opening, says today", () => {
    // Thursday 5 March, 6 am.
    expect(promise("2026-03-04T19:00:00Z")).toEqual({
      withinHours: false,
      text: "by 7:15 am today",
    });
  });

  it("from Saturday afternoon through Sunday, promises Monday morning", () => {
    // Saturday 7 March, 4:30 pm; Sunday 8 March, noon; Sunday 11:59 pm.
    expect(promise("2026-03-07T05:30:00Z").text).toBe("by 7:15 am Monday");
    expect(promise("2026-03-08T01:00:00Z")).toEqual({
      withinHours: false,
      text: "by 7:15 am Monday",
    });
    expect(promise("2026-03-08T12:59:00Z").text).toBe("by 7:15 am Monday");
  });
});
