/*
 * event_writer.h — appends little-endian fields to an event buffer. Events are plain
 * concatenations of fields in the order the TypeScript decoders in src/programs/ read.
 */
#pragma once
#include "sdk.h"

typedef struct {
  u8 *start;
  u8 *cursor;
} EventWriter;

static inline EventWriter event_begin(u8 *buffer, u8 tag) {
  EventWriter writer = {buffer, buffer + 1};
  buffer[0] = tag;
  return writer;
}

static inline void put_u8(EventWriter *w, u8 value) { *w->cursor++ = value; }

static inline void put_u16(EventWriter *w, u16 value) {
  write_u16(w->cursor, value);
  w->cursor += 2;
}

static inline void put_u64(EventWriter *w, u64 value) {
  write_u64(w->cursor, value);
  w->cursor += 8;
}

static inline void put_pubkey(EventWriter *w, const SolPubkey *key) {
  sol_memcpy_(w->cursor, key, 32);
  w->cursor += 32;
}

static inline void put_bytes(EventWriter *w, const char *bytes, u64 length) {
  put_u8(w, (u8)length);
  if (length) sol_memcpy_(w->cursor, bytes, length);
  w->cursor += length;
}

static inline void event_emit(const EventWriter *w) {
  emit_event(w->start, (u64)(w->cursor - w->start));
}
