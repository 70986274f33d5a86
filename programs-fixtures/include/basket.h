/* basket.h — everything a basket-devnet program includes. */
#pragma once
#include "sdk.h"
#include "math128.h"
#include "errors.h"
#include "layout.h"
#include "cpi.h"
#include "event_writer.h"
