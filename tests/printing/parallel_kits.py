"""Run by test_printing_parallel.py in a fresh process: 8 kits asked for at once
through the print page, every font loaded for the first time by those requests.

Prints one line of JSON: the status of each answer and the files whose bytes differ
from the committed kit (printouts/, each built alone).
"""

from __future__ import annotations

import io
import json
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

from deckforge.theme.loader import bundled_theme_names, load_theme
from deckforge.web import create_app

KITS = 8


def main(printouts: Path) -> None:
    sys.setswitchinterval(1e-5)  # switch threads often, as a loaded server would
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "r.sqlite3")})
        names = (bundled_theme_names() * KITS)[:KITS]
        start = threading.Barrier(KITS)
        answers: dict[int, tuple[str, int, bytes]] = {}

        def ask(index: int, name: str) -> None:
            client = app.test_client()
            start.wait()
            answer = client.get("/print/download", query_string={"theme": name})
            answers[index] = (name, answer.status_code, answer.data)

        threads = [threading.Thread(target=ask, args=item) for item in enumerate(names)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    statuses, differ = [], []
    for name, status, data in answers.values():
        statuses.append(status)
        if status != 200:
            continue
        folder_name = load_theme(name).id
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for info in archive.infolist():
                file = info.filename.split("/", 1)[1]
                if archive.read(info) != (printouts / folder_name / file).read_bytes():
                    differ.append(f"{folder_name}/{file}")
    print(json.dumps({"statuses": statuses, "differ": differ}))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
