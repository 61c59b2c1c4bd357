# Included from the top CMakeLists (imported targets must be visible everywhere): finds the Debian packages tilelab builds against. No source is copied here.
if(EMSCRIPTEN)
  # The WebAssembly build (docs/runtimes.md "JavaScript"): Debian's nlohmann headers seen alone,
  # through a folder holding only a link to them (/usr/include itself would hide emscripten's own
  # C library); the module runs on one thread, so no threads library.
  set(TILELAB_WASM_INCLUDE ${CMAKE_BINARY_DIR}/wasm-include)
  file(MAKE_DIRECTORY ${TILELAB_WASM_INCLUDE})
  if(NOT EXISTS ${TILELAB_WASM_INCLUDE}/nlohmann)
    file(CREATE_LINK /usr/include/nlohmann ${TILELAB_WASM_INCLUDE}/nlohmann SYMBOLIC)
  endif()
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${TILELAB_WASM_INCLUDE})
  add_library(Threads::Threads INTERFACE IMPORTED)
else()
  find_package(nlohmann_json 3.10 REQUIRED)
  find_package(Threads REQUIRED)
endif()

if(TILELAB_TESTS)
  find_package(Catch2 2.13 REQUIRED)
  list(APPEND CMAKE_MODULE_PATH ${Catch2_DIR})
endif()

if(TILELAB_EDITOR)
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  # Debian's libimgui-dev: libimgui.a already holds the SDL2 and OpenGL3 backends.
  find_path(IMGUI_INCLUDE_DIR imgui.h PATH_SUFFIXES imgui REQUIRED)
  find_library(IMGUI_LIBRARY imgui REQUIRED)
  add_library(tilelab_imgui INTERFACE)
  target_include_directories(tilelab_imgui SYSTEM INTERFACE ${IMGUI_INCLUDE_DIR} ${IMGUI_INCLUDE_DIR}/backends)
  target_link_libraries(tilelab_imgui INTERFACE ${IMGUI_LIBRARY} SDL2::SDL2 OpenGL::GL ${CMAKE_DL_LIBS})
  add_library(tilelab::imgui ALIAS tilelab_imgui)
endif()
