#!/usr/bin/env python3
"""Every module a target imports is one its manifest lists as a direct dependency.

SwiftPM's --explicit-target-dependency-import-check only refuses an import of a target outside
the importer's transitive dependencies (its targetDependencyMap is the closure), so a test target
that lists Presentation could still import OTP, which Presentation depends on. This completes it:
for the three packages (the root, Apps/Desktop, Fuzz), each Swift target's `import` lines (plain,
@testable, inside #if) against the names in its `dependencies`. Imports of modules that are no
target of these packages (Foundation, Glibc, Testing, …) are not this check's business.

    Scripts/check-imports.py        prints each undeclared import, exits 1 if there is one
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = [".", "Apps/Desktop", "Fuzz"]
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)")


def manifest(package):
    output = subprocess.run(
        ["swift", "package", "--package-path", os.path.join(ROOT, package), "dump-package"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def imports(folder):
    found = {}
    for directory, _, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as file:
                for number, line in enumerate(file, 1):
                    match = IMPORT.match(line)
                    if match:
                        found.setdefault(match.group(1), f"{os.path.relpath(path, ROOT)}:{number}")
    return found


def main():
    manifests = {package: manifest(package) for package in PACKAGES}
    modules = {target["name"] for m in manifests.values() for target in m["targets"]}
    problems = []
    for package, m in manifests.items():
        for target in m["targets"]:
            if target["type"] in ("system", "binary", "plugin"):
                continue
            declared = {next(iter(d.values()))[0] for d in target.get("dependencies", [])}
            default = "Tests" if target["type"] == "test" else "Sources"
            folder = os.path.join(ROOT, package, target.get("path") or os.path.join(default, target["name"]))
            for module, where in sorted(imports(folder).items()):
                if module in modules and module not in declared and module != target["name"]:
                    problems.append(f"{where}: {target['name']} imports {module}, which its manifest "
                                    f"({os.path.normpath(os.path.join(package, 'Package.swift'))}) does not list")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
