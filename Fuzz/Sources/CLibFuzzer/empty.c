// Declarations only: libFuzzer itself comes with the toolchain's -sanitize=fuzzer.
