// GLFunHost: the input and host layer. What an interactive GLFun app is to whatever runs it.
//
// What it does: names the input an app reacts to (`InputEvent`, `TimedEvent`, `Modifiers`,
// the touch-id ranges, the `Session` a recording starts with), reads and writes the input
// event log (`EventLog`, JSON Lines), and states the one protocol an app implements
// (`InteractiveApp`): events and ticks in, `HostEffect`s out, its next deadline, a frame drawn
// on request, and the document the host saves for it (`AppDocument`), if it has one.
//
// What it does not do: no GL and no X. It draws nothing, opens nothing and reads no clock. The
// window host (GLFunX11) and the headless host (GLFunUI's `HeadlessHost`, which `glfun replay`
// uses) feed an app the same events, so the same events give the same pixels in both.
// An app's frame type is its own business (`InteractiveApp.Frame`): GLFun's hosts hand every
// app a GLFunUI `FrameTarget` (a renderer and a bound target).

@_exported import enum GLFunGestures.TouchPhase
