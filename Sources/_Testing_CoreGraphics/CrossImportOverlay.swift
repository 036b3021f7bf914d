// Swift Testing declares a cross-import overlay named `_Testing_CoreGraphics` for any module called `CoreGraphics`
// (see the toolchain's Testing.swiftcrossimport/CoreGraphics.swiftoverlay). On Apple platforms the overlay adds
// image attachments; the Linux toolchain ships no such module, so a test file that imports both `Testing` and this
// package's `CoreGraphics` (directly or through `import AVFoundation`) would fail with
// "no such module '_Testing_CoreGraphics'". This module exists so that import resolves. It deliberately imports
// nothing, so it adds no dependency on Testing to programs that use AVFoundation.
